# "Extending torch.autograd": custom Functions with setup_context, mark_dirty,
# mark_non_differentiable, set_materialize_grads, once_differentiable, and their errors.
class LinearFunction(torch.autograd.Function):
    @staticmethod
    def forward(input, weight, bias):
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def setup_context(ctx, inputs, output):
        input, weight, bias = inputs
        ctx.save_for_backward(input, weight, bias)

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias


linear = LinearFunction.apply
torch.manual_seed(0)
input = (
    torch.randn(20, 20, dtype=torch.double, requires_grad=True),
    torch.randn(30, 20, dtype=torch.double, requires_grad=True),
)
from_gc = torch.autograd.gradcheck(linear, input + (None,), eps=1e-6, atol=1e-4)
print(from_gc)
out = linear(*input, None)
print(out.grad_fn, type(out.grad_fn).__name__, out.shape)


class MulConstant(torch.autograd.Function):
    @staticmethod
    def forward(tensor, constant):
        return tensor * constant

    @staticmethod
    def setup_context(ctx, inputs, output):
        tensor, constant = inputs
        ctx.constant = constant

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.constant, None


x = torch.randn(3, requires_grad=True)
y = MulConstant.apply(x, 5.0)
y.sum().backward()
print(x.grad)


class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        result = x**3
        dx = 3 * x**2
        return result, dx

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        result, dx = output
        ctx.save_for_backward(x, dx)

    @staticmethod
    def backward(ctx, grad_output, grad_dx):
        x, dx = ctx.saved_tensors
        result = grad_output * dx + grad_dx * 6 * x
        return result


def my_cube(x):
    result, dx = MyCube.apply(x)
    return result


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = my_cube(x)
(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g)
(gg,) = torch.autograd.grad(g.sum(), x)
print(gg)
print(torch.autograd.gradcheck(my_cube, (torch.randn(3, dtype=torch.double, requires_grad=True),)))
print(
    torch.autograd.gradgradcheck(my_cube, (torch.randn(3, dtype=torch.double, requires_grad=True),))
)


class MyAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        ctx.mark_dirty(x)
        x.add_(y)
        return x

    @staticmethod
    def backward(ctx, g):
        return g, g


a = torch.randn(3, requires_grad=True).clone()
b = torch.randn(3, requires_grad=True)
c = MyAdd.apply(a, b)
print(c is a, c.grad_fn)
c.sum().backward()
print(b.grad)


class Sort(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        s, idx = x.sort()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(x, idx)
        return s, idx

    @staticmethod
    def backward(ctx, g1, g2):
        x, idx = ctx.saved_tensors
        grad_input = torch.zeros_like(x)
        grad_input[idx] = g1
        return grad_input


x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
s, idx = Sort.apply(x)
print(s, idx, idx.requires_grad)
s.sum().backward()
print(x.grad)


class SimpleFunc(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        return x.clone(), x.clone()

    @staticmethod
    def backward(ctx, g1, g2):
        (x,) = ctx.saved_tensors
        grad_input = torch.zeros_like(x)
        if g1 is not None:
            grad_input += g1
        if g2 is not None:
            grad_input += g2
        print("g2 is None:", g2 is None)
        return grad_input


x = torch.tensor(1.0, requires_grad=True)
a, _ = SimpleFunc.apply(x)
a.backward()
print(x.grad)

once_differentiable = torch.autograd.function.once_differentiable


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (result,) = ctx.saved_tensors
        return grad_output * result


x = torch.tensor([0.5, 1.0], requires_grad=True)
y = Exp.apply(x)
(g,) = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, g.requires_grad, g.grad_fn)
try:
    g.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)


class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g, g


try:
    Bad.apply(torch.ones(2, requires_grad=True)).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)


class Bad2(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(3)


try:
    Bad2.apply(torch.ones(2, requires_grad=True)).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)


class NoBack(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2


try:
    NoBack.apply(torch.ones(2, requires_grad=True)).sum().backward()
except NotImplementedError as e:
    print("NotImplementedError:", e)
try:
    Exp(torch.ones(2))
except Exception as e:
    print(type(e).__name__, e)
try:
    Exp.forward(None, torch.ones(1))
    print("direct forward ok")
except Exception as e:
    print(type(e).__name__, e)
y = Exp.apply(torch.ones(2))
print(y.requires_grad, y.grad_fn)
