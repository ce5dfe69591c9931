# Everyday tensor API a learner reaches for, all in one program.
torch.manual_seed(0)
x = torch.randn(4, 3, requires_grad=True)
print(torch.allclose(x, x + 1e-9), torch.equal(x, x), torch.isclose(x, x).all())
print(x.view(-1, 2).shape, torch.flatten(x).shape, x.T.shape, torch.max(x, dim=1).indices)
pred = x.argmax(dim=1)
yt = torch.tensor([0, 1, 2, 0])
print((pred == yt).float().mean(), (pred == yt).sum().item(), x.shape[0], torch.sum(x, dim=0))
print(x.pow(2).sum(), torch.abs(x).max(), x.clamp(min=0).sum(), torch.softmax(x, dim=1)[0])
print(torch.where(x > 0, x, torch.zeros_like(x)).sum(), torch.randn_like(x).shape, x.numel())
y1 = (x**2).sum()
y2 = x.sin().sum()
print(torch.autograd.grad([y1, y2], [x], retain_graph=True)[0][0])
h = x.register_hook(lambda g: print("hook", g.shape))
(x * 3).sum().backward()
h.remove()
print(x.grad[0], x.grad.data.zero_()[0])
print(torch.stack([x[0], x[1]]).shape, torch.cat([x, x]).shape, x.unsqueeze(0).shape)
print(
    torch.exp(torch.tensor([0.0, 1.0])),
    torch.log(torch.tensor([1.0, 2.0])),
    torch.sqrt(torch.tensor(4.0)),
)
print(torch.mean(x), torch.std(x, dim=0), torch.var(x), x.min(), torch.min(x, 0).values)
print(torch.tensor([[1, 2], [3, 4]]).float().mean(), torch.tensor([1, 2]).to(torch.float32))
print(x.detach().clone().requires_grad_(True).is_leaf, x.data.norm())
print(torch.ones(2, 3).sum(dim=(0, 1)), torch.full((2,), 7), torch.eye(2, dtype=torch.float64))
print(torch.arange(0, 10, 3), torch.arange(0.0, 1.0, 0.25), torch.zeros(2, 2, dtype=torch.long))
print(torch.nn.functional.relu(torch.tensor([-1.0, 2.0])), torch.relu(torch.tensor([-3.0])))
print(torch.tensor(3.5).int(), torch.tensor([1.7, -1.7]).long(), torch.tensor([0, 1]).bool())
print(torch.squeeze(torch.ones(1, 2, 1)).shape, torch.transpose(torch.ones(2, 3), 0, 1).shape)
print(torch.is_tensor(x), torch.numel(x), torch.get_default_dtype(), x.type())
print(
    torch.clamp(torch.tensor([-2.0, 0.5, 3.0]), -1, 1), torch.sign(torch.tensor([-2.0, 0.0, 2.0]))
)
print(
    torch.outer(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])),
    torch.dot(torch.ones(3), torch.ones(3)),
)
print(torch.prod(torch.tensor([1.0, 2.0, 3.0])), torch.cumsum(torch.tensor([1.0, 2.0, 3.0]), dim=0))
print(torch.logsumexp(torch.tensor([1.0, 2.0]), dim=0), torch.norm(torch.tensor([3.0, 4.0])))
print(
    torch.maximum(torch.tensor([1.0, 5.0]), torch.tensor([3.0, 2.0])),
    torch.floor(torch.tensor([1.5])),
)
print(
    torch.tensor([1.0, 2.0]).repeat(2),
    torch.chunk(torch.arange(6), 3),
    torch.split(torch.arange(5), 2),
)
print(
    torch.zeros(3).index_select(0, torch.tensor([0, 2])),
    torch.tensor([[1.0, 2.0], [3.0, 4.0]])[:, 1],
)
print(
    torch.sigmoid(torch.tensor(0.0)),
    torch.nn.Sigmoid()(torch.tensor([0.0])),
    torch.log_softmax(torch.tensor([1.0, 1.0]), 0),
)
print(
    torch.sort(torch.tensor([3.0, 1.0, 2.0])), torch.topk(torch.tensor([3.0, 1.0, 2.0]), 2).indices
)
print(
    torch.tril(torch.ones(3, 3)),
    torch.flip(torch.arange(4), [0]),
    torch.isnan(torch.tensor([float("nan")])),
)
