# PyTorch's "gentle introduction to torch.autograd", and freezing parameters.
a = torch.tensor([2.0, 3.0], requires_grad=True)
b = torch.tensor([6.0, 4.0], requires_grad=True)
Q = 3 * a**3 - b**2
print(Q)
external_grad = torch.tensor([1.0, 1.0])
Q.backward(gradient=external_grad)
print(9 * a**2 == a.grad)
print(-2 * b == b.grad)
x = torch.rand(5, 5)
y = torch.rand(5, 5)
z = torch.rand((5, 5), requires_grad=True)
a = x + y
print(f"Does `a` require gradients?: {a.requires_grad}")
b = x + z
print(f"Does `b` require gradients?: {b.requires_grad}")
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
for param in model.parameters():
    param.requires_grad = False
model[2] = torch.nn.Linear(8, 3)
print(model)
print([n for n, p in model.named_parameters() if p.requires_grad])
optimizer = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
inputs = torch.randn(6, 4)
target = torch.tensor([0, 1, 2, 0, 1, 2])
for step in range(3):
    optimizer.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(inputs), target)
    loss.backward()
    optimizer.step()
    print(step, round(loss.item(), 4), model[0].weight.grad, model[2].bias.grad.shape)
print(loss.grad_fn, loss.grad_fn.next_functions[0][0])
with torch.no_grad():
    print(model(inputs).argmax(dim=1))
