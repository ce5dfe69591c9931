# scatter / scatter_add / index_add / index_fill (and their in-place forms): one-hot
# encodings as tutorials write them, gradients, and the errors torch gives.
x = torch.zeros(3, 4)
cases = [
    lambda: x.scatter(1, torch.tensor([[0, 1]]).int(), 1.0),
    lambda: x.scatter(1, torch.tensor([0, 1]), 1.0),
    lambda: x.scatter(1, torch.tensor([[0, 5]]), 1.0),
    lambda: x.scatter(1, torch.tensor([[0, 1]]), torch.ones(1, 2, dtype=torch.float64)),
    lambda: x.scatter(1, torch.tensor([[0, 1, 2, 3, 0]]), torch.ones(1, 5)),
    lambda: x.scatter(1, torch.tensor([[0, 1]]), torch.ones(1, 1)),
    lambda: x.scatter_add(1, torch.tensor([[0, 1]]).int(), torch.ones(1, 2)),
    lambda: x.index_add(0, torch.tensor([0, 1]), torch.ones(3, 4)),
    lambda: x.index_add(0, torch.tensor([0, 1]).float(), torch.ones(2, 4)),
    lambda: x.index_add(0, torch.tensor([0, 5]), torch.ones(2, 4)),
    lambda: x.index_fill(1, torch.tensor([0, 9]), 2.0),
    lambda: x.scatter(-1, torch.tensor([[-1]]), 1.0),
    lambda: x.scatter(2, torch.tensor([[0]]), 1.0),
    lambda: torch.zeros(3, dtype=torch.long).scatter(0, torch.tensor([1]), 2.5),
    lambda: x.index_add(0, torch.tensor([0, 0]), torch.ones(2, 4), alpha=2),
    lambda: torch.zeros(3).index_add(0, torch.tensor([1]), torch.tensor(5.0)),
    lambda: x.scatter(0, torch.tensor([[1, 2, 0, 1]]), torch.arange(1.0, 5.0).reshape(1, 4)),
    lambda: torch.scatter(x, 1, torch.tensor([[3], [0], [1]]), 7.0),
    lambda: x.scatter(1, torch.tensor([[0, 1, 2]]), value=5.0),
    lambda: torch.zeros(5).scatter_add(0, torch.tensor([0, 1, 1, 4]), torch.ones(4)),
    lambda: torch.zeros(3, 5, dtype=torch.int64).scatter_(1, torch.tensor([[0], [2], [4]]), 1),
    lambda: torch.ones(3, 2).index_fill_(0, torch.tensor([1]), -1.0),
    lambda: torch.zeros(4, 2).index_add_(0, torch.tensor([3, 0, 3]), torch.arange(6.0).view(3, 2)),
    lambda: torch.zeros(2).scatter_(0, torch.tensor([0]), torch.tensor([1.0, 2.0])),
]
for c in cases:
    try:
        print(c())
    except Exception as e:
        print(type(e).__name__, e)
# one-hot by scatter, as tutorials write it
labels = torch.tensor([2, 0, 1, 2])
one_hot = torch.zeros(len(labels), 3).scatter_(1, labels.unsqueeze(1), 1.0)
print(one_hot, F.one_hot(labels, 3))
# gradients
a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
src = torch.tensor([[10.0, 20.0], [30.0, 40.0]], requires_grad=True)
idx = torch.tensor([[2, 0], [1, 1]])
out = a.scatter(1, idx, src)
print(out)
(out * torch.arange(6.0).view(2, 3)).sum().backward()
print(a.grad, src.grad)
a.grad = None
src.grad = None
out = a.scatter_add(1, idx, src)
print(out)
(out * torch.arange(6.0).view(2, 3)).sum().backward()
print(a.grad, src.grad)
b = torch.ones(4, 2, requires_grad=True)
s = torch.arange(6.0).view(3, 2).requires_grad_()
out = b.index_add(0, torch.tensor([3, 0, 3]), s, alpha=2.0)
print(out)
(out * torch.arange(8.0).view(4, 2)).sum().backward()
print(b.grad, s.grad)
c = torch.ones(3, 2, requires_grad=True)
out = c.index_fill(0, torch.tensor([1]), 9.0)
print(out)
(out * 3).sum().backward()
print(c.grad)
d = torch.ones(2, 3, requires_grad=True)
e = d * 1
e.scatter_(1, torch.tensor([[0], [2]]), 0.0)
print(e)
e.sum().backward()
print(d.grad)
g = torch.zeros(3, requires_grad=True)
try:
    g.scatter_(0, torch.tensor([0]), 1.0)
except RuntimeError as err:
    print("RuntimeError:", err)
for src in (torch.ones(2), torch.ones(1, 2, 1)):
    try:
        torch.zeros(3, 4).scatter(1, torch.tensor([[0, 1]]), src)
    except (RuntimeError, IndexError) as err:
        print(type(err).__name__, err)
