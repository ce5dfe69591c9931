# "Forward-mode Automatic Differentiation": dual tensors, modules, the
# functional API (torch.func.jvp), with seeded data and smaller sizes.
import functools

fwAD = torch.autograd.forward_ad
nn = torch.nn
torch.manual_seed(0)

primal = torch.randn(4, 4)
tangent = torch.randn(4, 4)


def fn(x, y):
    return x**2 + y**2


with fwAD.dual_level():
    dual_input = fwAD.make_dual(primal, tangent)
    print(fwAD.unpack_dual(dual_input).tangent is tangent)
    dual_input_alt = fwAD.make_dual(primal, tangent.T)
    print(fwAD.unpack_dual(dual_input_alt).tangent is not tangent)
    # a tensor without a tangent counts as one with a tangent of zeros
    plain_tensor = torch.randn(4, 4)
    dual_output = fn(dual_input, plain_tensor)
    jvp = fwAD.unpack_dual(dual_output).tangent
    print(torch.allclose(jvp, 2 * primal * tangent))
    print(dual_output[0])

print(fwAD.unpack_dual(dual_output).tangent is None)

# with modules: the parameters replaced by dual tensors
model = nn.Linear(5, 5)
input = torch.randn(16, 5)
params = {name: p for name, p in model.named_parameters()}
tangents = {name: torch.rand_like(p) for name, p in params.items()}

with fwAD.dual_level():
    for name, p in params.items():
        delattr(model, name)
        setattr(model, name, fwAD.make_dual(p, tangents[name]))
    out = model(input)
    jvp = fwAD.unpack_dual(out).tangent
print(jvp.shape)

# with the functional Module API
from_func = torch.func.functional_call
model = nn.Linear(5, 5)
dual_params = {}
with fwAD.dual_level():
    for name, p in params.items():
        dual_params[name] = fwAD.make_dual(p, tangents[name])
    out = from_func(model, dual_params, input)
    jvp2 = fwAD.unpack_dual(out).tangent
print(torch.allclose(jvp, jvp2))

# a custom autograd Function with its own jvp


class Fn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, foo):
        result = torch.exp(foo)
        ctx.result = result  # kept for jvp
        return result

    @staticmethod
    def jvp(ctx, gI):
        gO = gI * ctx.result
        del ctx.result
        return gO


primal = torch.randn(3, 3, dtype=torch.double, requires_grad=True)
tangent = torch.randn(3, 3, dtype=torch.double)
with fwAD.dual_level():
    dual_output = Fn.apply(fwAD.make_dual(primal, tangent))
    jvp = fwAD.unpack_dual(dual_output).tangent
print(torch.allclose(jvp, tangent * primal.exp()), jvp.dtype)
print(
    torch.autograd.gradcheck(
        Fn.apply,
        (primal,),
        check_forward_ad=True,
        check_backward_ad=False,
        check_undefined_grad=False,
        check_batched_grad=False,
    )
)

# the functional API: torch.func.jvp
primal0 = torch.randn(4, 4)
tangent0 = torch.randn(4, 4)
primal1 = torch.randn(4, 4)
tangent1 = torch.randn(4, 4)
primal_out, tangent_out = torch.func.jvp(fn, (primal0, primal1), (tangent0, tangent1))
print(torch.allclose(tangent_out, 2 * primal0 * tangent0 + 2 * primal1 * tangent1))
print(tangent_out[0].round(decimals=4))

primal = torch.randn(4, 4)
tangent = torch.randn(4, 4)
y = torch.randn(4, 4)
new_fn = functools.partial(fn, y=y)
primal_out, tangent_out = torch.func.jvp(new_fn, (primal,), (tangent,))
print(torch.allclose(primal_out, primal**2 + y**2), tangent_out[1].round(decimals=4))

# jvp with respect to a module's parameters
model = nn.Linear(5, 5)
input = torch.randn(16, 5)
params = dict(model.named_parameters())
tangents = tuple(torch.rand_like(p) for p in params.values())


def func_params_only(*weights):
    return from_func(model, dict(zip(params, weights)), (input,))


model_output, jvp_out = torch.func.jvp(func_params_only, tuple(params.values()), tangents)
print(model_output.shape, jvp_out.shape)
print(torch.allclose(jvp_out, input @ tangents[0].T + tangents[1], atol=1e-6))
