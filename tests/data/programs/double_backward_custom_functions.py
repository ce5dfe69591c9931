# "Double Backward with Custom Functions", gradcheck / gradgradcheck (failures too)
# and saved tensor hooks.
# Double Backward with Custom Functions
torch.manual_seed(0)


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**2

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * 2 * x


x = torch.rand(3, 3, requires_grad=True, dtype=torch.double)
print(torch.autograd.gradcheck(Square.apply, x))
print(torch.autograd.gradgradcheck(Square.apply, x))


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = torch.exp(x)
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_out):
        (result,) = ctx.saved_tensors
        return result * grad_out


x = torch.tensor(1.0, requires_grad=True, dtype=torch.double).clone()
print(torch.autograd.gradcheck(Exp.apply, x))
print(torch.autograd.gradgradcheck(Exp.apply, x))


class Sinh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        expx = torch.exp(x)
        expnegx = torch.exp(-x)
        ctx.save_for_backward(expx, expnegx)
        return (expx - expnegx) / 2, expx, expnegx

    @staticmethod
    def backward(ctx, grad_out, _grad_out_exp, _grad_out_negexp):
        expx, expnegx = ctx.saved_tensors
        grad_input = grad_out * (expx + expnegx) / 2
        grad_input += _grad_out_exp * expx
        grad_input -= _grad_out_negexp * expnegx
        return grad_input


def sinh(x):
    return Sinh.apply(x)[0]


x = torch.rand(3, 3, requires_grad=True, dtype=torch.double)
print(torch.autograd.gradcheck(sinh, x))
print(torch.autograd.gradgradcheck(sinh, x))


class SinhBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        expx = torch.exp(x)
        expnegx = torch.exp(-x)
        ctx.expx = expx
        ctx.expnegx = expnegx
        return (expx - expnegx) / 2

    @staticmethod
    def backward(ctx, grad_out):
        expx = ctx.expx
        expnegx = ctx.expnegx
        grad_input = grad_out * (expx + expnegx) / 2
        return grad_input


print(torch.autograd.gradcheck(SinhBad.apply, x))
try:
    print(torch.autograd.gradgradcheck(SinhBad.apply, x))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
print(torch.autograd.gradgradcheck(SinhBad.apply, x, raise_exception=False))


class CubeBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, grad_out, x):
        ctx.save_for_backward(x, grad_out)
        return grad_out * 3 * x**2

    @staticmethod
    def backward(ctx, grad_out):
        x, grad_out_prev = ctx.saved_tensors
        dx = grad_out * grad_out_prev * 6 * x
        dgrad_out = grad_out * 3 * x**2
        return dgrad_out, dx


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return CubeBackward.apply(grad_out, x)


x = torch.tensor(2.0, requires_grad=True, dtype=torch.double)
print(torch.autograd.gradcheck(Cube.apply, x))
print(torch.autograd.gradgradcheck(Cube.apply, x))
out = Cube.apply(x)
(g,) = torch.autograd.grad(out, x, create_graph=True)
print(out, g, g.grad_fn)
(gg,) = torch.autograd.grad(g, x)
print(gg)


# gradcheck failures and options
def bad(x):
    return x * 2 if x.requires_grad else x


class WrongGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 3


try:
    torch.autograd.gradcheck(
        WrongGrad.apply, (torch.randn(2, dtype=torch.double, requires_grad=True),)
    )
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
print(
    torch.autograd.gradcheck(
        WrongGrad.apply,
        (torch.randn(2, dtype=torch.double, requires_grad=True),),
        raise_exception=False,
    )
)
print(
    torch.autograd.gradcheck(
        lambda a: a.sin(), torch.randn(3, requires_grad=True, dtype=torch.double), fast_mode=True
    )
)
try:
    print(torch.autograd.gradcheck(lambda a: a.sin(), torch.randn(3, requires_grad=True)))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])


# saved tensor hooks
def pack_hook(x):
    print("Packing", x.shape)
    return x


def unpack_hook(x):
    print("Unpacking", x.shape)
    return x


a = torch.ones(5, requires_grad=True)
b = torch.ones(5, requires_grad=True) * 2
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = a * b
y.sum().backward()
x = torch.randn(5, requires_grad=True)
y = x.pow(2)
print(y.grad_fn._saved_self is x, y.grad_fn._saved_exponent)
y = x.exp()
print(y.grad_fn._saved_result.equal(y), y.grad_fn._saved_result is y)


class SelfDeletingTempFile:
    pass


storage = []


def pack(t):
    storage.append(t.clone())
    return len(storage) - 1


def unpack(i):
    return storage[i]


with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    w = torch.randn(3, requires_grad=True)
    z = (w * w).sin().sum()
z.backward()
print(len(storage), torch.allclose(w.grad, 2 * w * (w * w).cos()))
x = torch.randn(3, requires_grad=True)
y = x.sigmoid()
y.sum().backward()
try:
    print(y.grad_fn._saved_result)
except RuntimeError as e:
    print("RuntimeError:", e)
with torch.autograd.graph.save_on_cpu():
    q = (x * x).sum()
q.backward()
print(x.grad)
x = torch.ones(2, requires_grad=True)
y = x.exp()
y.mul_(2) if False else None
z = x * 1
w = z.exp()
z.add_(1)
try:
    w.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
p = x * 1
q = p.sin()
p.add_(1)
try:
    q.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
