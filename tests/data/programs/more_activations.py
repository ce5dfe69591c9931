# GELU (exact and tanh), SiLU, ELU, Softplus: modules, functions, first and second
# derivatives (values away from the far tails, where torch's float32 erf is its own).
nn = torch.nn
print(
    nn.GELU(),
    nn.GELU("tanh"),
    nn.SiLU(),
    nn.SiLU(inplace=True),
    nn.ELU(),
    nn.ELU(0.5, True),
    nn.Softplus(),
    nn.Softplus(2, 10),
)
torch.manual_seed(0)
x = torch.randn(8, requires_grad=True)
big = torch.tensor([-30.0, -0.5, 0.0, 15.0, 25.0], requires_grad=True)
for f in [
    F.gelu,
    F.silu,
    F.elu,
    F.softplus,
    lambda t: F.gelu(t, approximate="tanh"),
    lambda t: F.elu(t, alpha=0.3),
    lambda t: F.softplus(t, beta=2, threshold=5),
    nn.GELU(),
    nn.SiLU(),
    nn.ELU(),
    nn.Softplus(),
]:
    for t in (x, big):
        y = f(t)
        print(y)
        (g,) = torch.autograd.grad(y.sum(), t, create_graph=True)
        print(g)
        (gg,) = torch.autograd.grad(g.sum(), t)
        print(gg)
print(F.gelu(torch.tensor([1, 2])) if False else "")
model = nn.Sequential(
    nn.Linear(4, 8), nn.GELU(), nn.Linear(8, 8), nn.SiLU(), nn.Linear(8, 1), nn.Softplus()
)
print(model)
print(model(torch.randn(3, 4)))
try:
    F.gelu(x, approximate="fast")
except RuntimeError as e:
    print("RuntimeError:", e)
