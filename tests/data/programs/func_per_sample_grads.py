# "Per-sample-gradients" (torch.func): vmap over grad, with a small model,
# seeded data on the CPU and no timing.
nn = torch.nn
F = torch.nn.functional
functional_call, vmap, grad = torch.func.functional_call, torch.func.vmap, torch.func.grad
torch.manual_seed(0)


class SimpleCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, 1)
        self.fc1 = nn.Linear(4 * 3 * 3, 16)
        self.fc2 = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.max_pool2d(x, 2)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        return F.log_softmax(self.fc2(x), dim=1)


def loss_fn(predictions, targets):
    return F.nll_loss(predictions, targets)


batch_size = 8
data = torch.randn(batch_size, 1, 8, 8)
targets = torch.randint(10, (batch_size,))

model = SimpleCNN()
predictions = model(data)
loss = loss_fn(predictions, targets)
loss.backward()  # the average gradient of the mini-batch
print(round(loss.item(), 4))


def compute_grad(sample, target):
    sample = sample.unsqueeze(0)
    target = target.unsqueeze(0)
    prediction = model(sample)
    loss = loss_fn(prediction, target)
    return torch.autograd.grad(loss, list(model.parameters()))


def compute_sample_grads(data, targets):
    """one forward and one backward pass per sample"""
    sample_grads = [compute_grad(data[i], targets[i]) for i in range(batch_size)]
    sample_grads = zip(*sample_grads)
    return [torch.stack(shards) for shards in sample_grads]


per_sample_grads = compute_sample_grads(data, targets)
print(per_sample_grads[0].shape)

params = {k: v.detach() for k, v in model.named_parameters()}
buffers = {k: v.detach() for k, v in model.named_buffers()}


def compute_loss(params, buffers, sample, target):
    batch = sample.unsqueeze(0)
    targets = target.unsqueeze(0)
    predictions = functional_call(model, (params, buffers), (batch,))
    return loss_fn(predictions, targets)


ft_compute_grad = grad(compute_loss)
ft_compute_sample_grad = vmap(ft_compute_grad, in_dims=(None, None, 0, 0))
ft_per_sample_grads = ft_compute_sample_grad(params, buffers, data, targets)
print(type(ft_per_sample_grads).__name__, list(ft_per_sample_grads))
for name, g in ft_per_sample_grads.items():
    print(name, tuple(g.shape), g.requires_grad)

for per_sample_grad, ft_per_sample_grad in zip(per_sample_grads, ft_per_sample_grads.values()):
    print(torch.allclose(per_sample_grad, ft_per_sample_grad, atol=3e-6, rtol=1e-5))

# the mean of the per-sample gradients is the mini-batch gradient
print(torch.allclose(ft_per_sample_grads["fc2.bias"].mean(0), model.fc2.bias.grad, atol=1e-6))
# the module keeps its own parameters after functional_call
print(all(p is q for p, q in zip(model.parameters(), dict(model.named_parameters()).values())))
print(model.fc2.bias.requires_grad, type(model.fc2.bias).__name__)
