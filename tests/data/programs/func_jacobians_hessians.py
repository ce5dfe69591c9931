# "Jacobians, Hessians, hvp, vhp, and more: composing function transforms"
# (torch.func), with seeded data, smaller sizes and no timing.
from functools import partial

F = torch.nn.functional
vmap, vjp, jvp, grad = torch.func.vmap, torch.func.vjp, torch.func.jvp, torch.func.grad
jacrev, jacfwd, hessian = torch.func.jacrev, torch.func.jacfwd, torch.func.hessian
_ = torch.manual_seed(0)


def predict(weight, bias, x):
    return F.linear(x, weight, bias).tanh()


D = 16
weight = torch.randn(D, D)
bias = torch.randn(D)
x = torch.randn(D)


# the Jacobian row by row, with autograd.grad and one unit vector per row
def compute_jac(xp):
    jacobian_rows = [
        torch.autograd.grad(predict(weight, bias, xp), xp, vec)[0] for vec in unit_vectors
    ]
    return torch.stack(jacobian_rows)


xp = x.clone().requires_grad_()
unit_vectors = torch.eye(D)
jacobian = compute_jac(xp)
print(jacobian.shape)
print(jacobian[0].round(decimals=4))

# vmap over vjp: all the rows at once
_, vjp_fn = vjp(partial(predict, weight, bias), x)
(ft_jacobian,) = vmap(vjp_fn)(unit_vectors)
print(torch.allclose(ft_jacobian, jacobian))

ft_jacobian = jacrev(predict, argnums=2)(weight, bias, x)
print(torch.allclose(ft_jacobian, jacobian), ft_jacobian.requires_grad)

# with respect to the parameters instead
ft_jac_weight, ft_jac_bias = jacrev(predict, argnums=(0, 1))(weight, bias, x)
print(ft_jac_weight.shape, ft_jac_bias.shape)
print(ft_jac_bias.diagonal()[:4].round(decimals=4))

# jacrev against jacfwd: tall and wide Jacobians give the same matrices
for Din, Dout in ((4, 12), (12, 4)):
    weight = torch.randn(Dout, Din)
    bias = torch.randn(Dout)
    x = torch.randn(Din)
    fwd = jacfwd(predict, argnums=2)(weight, bias, x)
    rev = jacrev(predict, argnums=2)(weight, bias, x)
    print(weight.shape, fwd.shape, torch.allclose(fwd, rev, atol=1e-6))

# Hessians: hessian(f) is jacfwd(jacrev(f))
Din, Dout = 6, 3
weight = torch.randn(Dout, Din)
bias = torch.randn(Dout)
x = torch.randn(Din)
hess_api = hessian(predict, argnums=2)(weight, bias, x)
hess_fwdfwd = jacfwd(jacfwd(predict, argnums=2), argnums=2)(weight, bias, x)
hess_revrev = jacrev(jacrev(predict, argnums=2), argnums=2)(weight, bias, x)
print(hess_api.shape)
print(
    torch.allclose(hess_api, hess_fwdfwd, atol=1e-6),
    torch.allclose(hess_api, hess_revrev, atol=1e-6),
)
print(hess_api[0, :2, :2].round(decimals=4))

# batch Jacobian and batch Hessian
batch_size, Din, Dout = 5, 3, 4
weight = torch.randn(Dout, Din)
print(f"weight shape = {weight.shape}")
bias = torch.randn(Dout)
x = torch.randn(batch_size, Din)
compute_batch_jacobian = vmap(jacrev(predict, argnums=2), in_dims=(None, None, 0))
batch_jacobian0 = compute_batch_jacobian(weight, bias, x)
print(batch_jacobian0.shape)


def predict_with_output_summed(weight, bias, x):
    return predict(weight, bias, x).sum(0)


batch_jacobian1 = jacrev(predict_with_output_summed, argnums=2)(weight, bias, x).movedim(1, 0)
print(torch.allclose(batch_jacobian0, batch_jacobian1, atol=1e-6))

compute_batch_hessian = vmap(hessian(predict, argnums=2), in_dims=(None, None, 0))
batch_hess = compute_batch_hessian(weight, bias, x)
print(batch_hess.shape)


# Hessian-vector products: forward over reverse, and reverse over reverse
def hvp(f, primals, tangents):
    return jvp(grad(f), primals, tangents)[1]


def f(x):
    return x.sin().sum()


x = torch.randn(8)
tangent = torch.randn(8)
result = hvp(f, (x,), (tangent,))
print(result.round(decimals=4))


def hvp_revrev(f, primals, tangents):
    _, vjp_fn = vjp(grad(f), *primals)
    return vjp_fn(*tangents)


result_hvp_revrev = hvp_revrev(f, (x,), (tangent,))
print(torch.allclose(result, result_hvp_revrev[0]), type(result_hvp_revrev).__name__)
print(torch.allclose(result, -x.sin() * tangent))
