# Modules with hooks and lazy layers survive deepcopy and torch.save; a backward hook
# on a layer used twice, and on a module whose input needs no gradient.
import copy
import io

nn = torch.nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
m2 = copy.deepcopy(model)
print(m2, m2[0].weight.equal(model[0].weight))
buf = io.BytesIO()
torch.save(model, buf)
buf.seek(0)
m3 = torch.load(buf, weights_only=False)
print(m3, m3[0].bias)
h = model.register_full_backward_hook(lambda m, gi, go: print("bwd", [g.shape for g in go]))
x = torch.randn(4, 3)
model(x).sum().backward()
h.remove()
lazy = nn.LazyLinear(2)
lazy(torch.ones(1, 5))
buf = io.BytesIO()
torch.save(lazy.state_dict(), buf)
buf.seek(0)
print(torch.load(buf))
layer = nn.Linear(2, 2)
calls = []
layer.register_full_backward_hook(lambda m, gi, go: calls.append(len(gi)))
inp = torch.ones(1, 2, requires_grad=True)
out = layer(layer(inp))
out.sum().backward()
print(calls, inp.grad)
print(torch.finfo(torch.float32).eps if hasattr(torch, "finfo") else "no finfo")
e = torch.ones(2, dtype=torch.float64).new_empty((2, 3))
print(e.shape, e.dtype, e.requires_grad, e.new_empty(2, requires_grad=True).requires_grad)
