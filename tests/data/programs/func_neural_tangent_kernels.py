# "Neural Tangent Kernels" (torch.func): the empirical NTK by Jacobian
# contraction and by NTK-vector products, with a small CNN on seeded data.
nn = torch.nn
functional_call, vmap, vjp, jvp, jacrev = (
    torch.func.functional_call,
    torch.func.vmap,
    torch.func.vjp,
    torch.func.jvp,
    torch.func.jacrev,
)
torch.manual_seed(0)


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(2, 3, (3, 3))
        self.conv2 = nn.Conv2d(3, 3, (3, 3))
        self.fc = nn.Linear(3 * 2 * 2, 3)

    def forward(self, x):
        x = self.conv1(x).relu()
        x = self.conv2(x)
        return self.fc(x.flatten(1))


x_train = torch.randn(4, 2, 6, 6)
x_test = torch.randn(2, 2, 6, 6)
net = CNN()
params = {k: v.detach() for k, v in net.named_parameters()}


def fnet_single(params, x):
    return functional_call(net, params, (x.unsqueeze(0),)).squeeze(0)


def empirical_ntk_jacobian_contraction(fnet_single, params, x1, x2, compute="full"):
    jac1 = vmap(jacrev(fnet_single), (None, 0))(params, x1)
    jac1 = [j.flatten(2) for j in jac1.values()]
    jac2 = vmap(jacrev(fnet_single), (None, 0))(params, x2)
    jac2 = [j.flatten(2) for j in jac2.values()]
    einsum_expr = {"full": "Naf,Mbf->NMab", "trace": "Naf,Maf->NM", "diagonal": "Naf,Maf->NMa"}
    result = torch.stack([torch.einsum(einsum_expr[compute], j1, j2) for j1, j2 in zip(jac1, jac2)])
    return result.sum(0)


result = empirical_ntk_jacobian_contraction(fnet_single, params, x_train, x_test)
print(result.shape, result.requires_grad)
trace = empirical_ntk_jacobian_contraction(fnet_single, params, x_train, x_test, "trace")
print(trace.shape, torch.allclose(trace, torch.einsum("NMKK->NM", result), atol=1e-5))


def empirical_ntk_ntk_vps(func, params, x1, x2, compute="full"):
    def get_ntk(x1, x2):
        def func_x1(params):
            return func(params, x1)

        def func_x2(params):
            return func(params, x2)

        output, vjp_fn = vjp(func_x1, params)

        def get_ntk_slice(vec):
            vjps = vjp_fn(vec)  # vec @ J(x1)
            _, jvps = jvp(func_x2, (params,), vjps)  # J(x2) @ vjps
            return jvps

        basis = torch.eye(output.numel(), dtype=output.dtype).view(output.numel(), -1)
        return vmap(get_ntk_slice)(basis)

    result = vmap(vmap(get_ntk, (None, 0)), (0, None))(x1, x2)
    if compute == "full":
        return result
    if compute == "trace":
        return torch.einsum("NMKK->NM", result)
    return torch.einsum("NMKK->NMK", result)


from_contraction = empirical_ntk_jacobian_contraction(fnet_single, params, x_test, x_train)
from_ntk_vps = empirical_ntk_ntk_vps(fnet_single, params, x_test, x_train)
print(from_ntk_vps.shape, torch.allclose(from_contraction, from_ntk_vps, atol=1e-5))
print(torch.allclose(from_ntk_vps, from_ntk_vps.transpose(2, 3), atol=1e-5))
print(empirical_ntk_ntk_vps(fnet_single, params, x_test, x_train, "diagonal").shape)
