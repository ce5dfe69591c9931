# The "Autograd mechanics" notes: requires_grad, no_grad / inference_mode /
# set_grad_enabled, .data and detach, views and in-place operations, anomaly mode.
torch.manual_seed(0)
nn = torch.nn
x = torch.randn(5, 5)
y = torch.randn(5, 5)
z = torch.randn((5, 5), requires_grad=True)
a = x + y
print(a.requires_grad)
b = a + z
print(b.requires_grad)
model = nn.Linear(5, 2)
for param in model.parameters():
    param.requires_grad = False
print([p.requires_grad for p in model.parameters()])
model.requires_grad_(True)
out = model(x)
print(out.requires_grad, out.grad_fn)
with torch.no_grad():
    print(model(x).requires_grad)
with torch.inference_mode():
    t = model(x)
    print(t.requires_grad, t.is_inference(), torch.is_inference_mode_enabled())
try:
    t.requires_grad_()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    (t * z[:, :2]).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.is_grad_enabled())
torch.set_grad_enabled(False)
print((z * 2).requires_grad)
torch.set_grad_enabled(True)
with torch.set_grad_enabled(False):
    print((z * 2).requires_grad)


@torch.no_grad()
def f(v):
    return v * 2


print(f(z).requires_grad)


@torch.enable_grad()
def g(v):
    return v * 2


with torch.no_grad():
    print(g(z).requires_grad)
model.eval()
print(model.training)
model.train()
print(model.training)
a = torch.randn(3, requires_grad=True)
b = a.detach()
b.zero_()
print(a)
c = a.data
c.fill_(1.0)
print(a)
d = torch.randn(3, requires_grad=True)
e = d.sigmoid()
e.data.zero_()
print(e)
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.view(2)
with torch.no_grad():
    y.mul_(2)
print(x, y, y._base is x, y.is_leaf, y.requires_grad, y.grad_fn)
x = torch.tensor([1.0, 2.0], requires_grad=True)
v = x[0]
try:
    v.add_(1)
except RuntimeError as e:
    print("RuntimeError:", e)
w = x.clone()
u = w[:1]
u.mul_(3)
print(w, w.grad_fn, u.grad_fn)
w.sum().backward()
print(x.grad)
x = torch.tensor([1.0, 2.0], requires_grad=True)
xs = x.unbind()
try:
    xs[0].mul_(2)
except RuntimeError as e:
    print("RuntimeError:", e)
xx = x * 1
parts = xx.split(1)
try:
    parts[0].mul_(2)
except RuntimeError as e:
    print("RuntimeError:", e)
q = torch.ones(2, 2, requires_grad=True)
r = q.t()
print(r.is_contiguous(), r.grad_fn, r._base is q)
print(q.grad_fn, q.is_leaf, (q * 1).is_leaf, q.detach().is_leaf)
try:
    (q * 1).requires_grad = False
except RuntimeError as e:
    print("RuntimeError:", e)
print(
    torch.tensor(1.0).requires_grad_().grad_fn,
    torch.ones(1, requires_grad=True).detach().requires_grad,
)
try:
    with torch.autograd.detect_anomaly():
        n = torch.tensor([0.0], requires_grad=True)
        (n.sqrt() * 0).sum().backward()
        print(n.grad)
except RuntimeError as e:
    print("RuntimeError:", e)
