# The out= argument (Learn the Basics: torch.matmul(tensor, tensor.T, out=y3)): resizing,
# dtype casts, and its refusal to record a graph.
a = torch.ones(2, 2)
o = torch.zeros(3)
r = torch.matmul(a, a, out=o)
print(r is o, o)
o = torch.empty(0)
torch.add(a, a, out=o)
print(o)
o = torch.zeros(2, 2, dtype=torch.long)
try:
    torch.mul(a, a, out=o)
except Exception as e:
    print(type(e).__name__, e)
o = torch.zeros(2, 2, dtype=torch.float64)
torch.mul(a, a, out=o)
print(o)
w = torch.ones(2, 2, requires_grad=True)
try:
    torch.mul(w, a, out=torch.zeros(2, 2))
except Exception as e:
    print(type(e).__name__, e)
with torch.no_grad():
    print(torch.mul(w, a, out=torch.zeros(2, 2)))
o = torch.zeros(2, 2, requires_grad=True)
try:
    torch.mul(a, a, out=o)
except Exception as e:
    print(type(e).__name__, e)
print(
    torch.exp(a, out=torch.zeros(2, 2)),
    torch.cat([a, a], out=torch.zeros(4, 2)).shape,
    torch.sum(a, 0, out=torch.zeros(2)),
)
o = torch.zeros(2, 2)
v = o.view(4)
torch.add(a, 1, out=o)
print(v, o._version)
tensor = torch.ones(4, 4)
tensor[:, 1] = 0
y3 = torch.rand_like(tensor)
torch.matmul(tensor, tensor.T, out=y3)
z3 = torch.rand_like(tensor)
torch.mul(tensor, tensor, out=z3)
print(y3, z3)
print(torch.stack([a, a], out=torch.zeros(2, 2, 2)).shape)
