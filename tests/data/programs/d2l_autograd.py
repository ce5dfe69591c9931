# The d2l autograd chapter (plus torch.normal and size= keywords), as a learner types it.
x = torch.arange(4.0)
print(x)
x.requires_grad_(True)
print(x.grad)
y = 2 * torch.dot(x, x)
print(y)
y.backward()
print(x.grad)
print(x.grad == 4 * x)
x.grad.zero_()
y = x.sum()
y.backward()
print(x.grad)
x.grad.zero_()
y = x * x
y.backward(gradient=torch.ones(len(y)))
print(x.grad)
x.grad.zero_()
y = x * x
u = y.detach()
z = u * x
z.sum().backward()
print(x.grad == u)
x.grad.zero_()
y.sum().backward()
print(x.grad == 2 * x)


def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c


torch.manual_seed(0)
a = torch.randn(size=(), requires_grad=True)
d = f(a)
d.backward()
print(a, d, a.grad == d / a)
print(torch.randn(size=(2, 3)).norm(dim=1), x.norm())
w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
print(w.shape, torch.zeros(1, requires_grad=True))
X = torch.normal(0, 1, (5, 2))
print(torch.matmul(X, w).shape, (X @ w).sum().grad_fn)
print(torch.cat((X, X), dim=1).shape, X.mean(0), X.std())
print(x.grad.numpy(), x.detach().numpy().dtype)
z = torch.exp(x).sum()
z.backward()
print(x.grad)
print(torch.sigmoid(torch.tensor([-1.0, 0.0, 1.0])), torch.tanh(torch.tensor(0.5)))
print(torch.linspace(-8.0, 8.0, 5, requires_grad=True))
