# cumprod: values, gradients (also with zeros), integer inputs, in place, errors.
torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
for d in (0, 1, -1):
    y = x.cumprod(d)
    print(y)
    (g,) = torch.autograd.grad((y * torch.arange(12.0).view(3, 4)).sum(), x)
    print(g)
z = torch.tensor([2.0, 0.0, 3.0, 0.0, 5.0], requires_grad=True)
y = torch.cumprod(z, 0)
y.sum().backward()
print(y, z.grad)
print(
    torch.tensor([1, 2, 3]).cumprod(0),
    torch.tensor([1, 2, 3]).cumprod(0, dtype=torch.float32),
    torch.tensor(3.0).cumprod(0),
)
w = torch.tensor([1.0, 2.0, 3.0])
w.cumprod_(0)
print(w)
try:
    x.cumprod()
except TypeError as e:
    print("TypeError:", e)
