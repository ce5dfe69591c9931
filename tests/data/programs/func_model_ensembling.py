# "Model ensembling" (torch.vmap): several models of one shape run as one,
# with stack_module_state and functional_call; seeded, small, no timing. The
# tutorial's stateless base model lives on the "meta" device, which minigrad
# does not have: here it is a plain copy (functional_call replaces its weights).
import copy

nn = torch.nn
F = torch.nn.functional
torch.manual_seed(0)


class SimpleMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 8)
        self.fc2 = nn.Linear(8, 8)
        self.fc3 = nn.Linear(8, 3)

    def forward(self, x):
        x = x.flatten(1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


num_models = 4
data = torch.randn(10, 5, 1, 4, 4)
models = [SimpleMLP() for _ in range(num_models)]

# option 1: a different minibatch for each model; option 2: the same one
minibatches = data[:num_models]
predictions_diff_minibatch_loop = [model(mb) for model, mb in zip(models, minibatches)]
minibatch = data[0]
predictions2 = [model(minibatch) for model in models]

params, buffers = torch.func.stack_module_state(models)
print({name: (tuple(p.shape), p.requires_grad, p.is_leaf) for name, p in params.items()})
print(buffers)

base_model = copy.deepcopy(models[0])


def fmodel(params, buffers, x):
    return torch.func.functional_call(base_model, (params, buffers), (x,))


print([p.size(0) for p in params.values()])
print(minibatches.shape == (num_models, 5, 1, 4, 4))

predictions1_vmap = torch.vmap(fmodel)(params, buffers, minibatches)
print(predictions1_vmap.shape, predictions1_vmap.requires_grad)
print(torch.allclose(predictions1_vmap, torch.stack(predictions_diff_minibatch_loop), atol=1e-6))

predictions2_vmap = torch.vmap(fmodel, in_dims=(0, 0, None))(params, buffers, minibatch)
print(torch.allclose(predictions2_vmap, torch.stack(predictions2), atol=1e-6))

# the stacked parameters are leaves: one backward trains every model of the ensemble
predictions2_vmap.pow(2).mean().backward()
print({name: tuple(p.grad.shape) for name, p in params.items()})
print(torch.allclose(base_model.fc1.weight, models[0].fc1.weight))
