from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

import fsdp


class MLP(nn.Module):
    widths: tuple = (128, 128, 128, 10)

    @nn.compact
    def __call__(self, x):
        for i, w in enumerate(self.widths):
            x = nn.Dense(w, name=f'layer_{i}')(x)
            if i < len(self.widths) - 1:
                x = nn.relu(x)
        return x


mesh = Mesh(np.array(jax.devices()), ('fsdp',))
model = MLP()
x = jnp.ones((32, 64))
y = jnp.zeros((32, 10))
params = model.init(jax.random.key(0), x)['params']
specs = fsdp.fsdp_specs(params)
print(specs['layer_0'])


def loss_fn(params, x, y):
    full = fsdp.gather_params(params, specs)
    pred = model.apply({'params': full}, x)
    return jnp.mean((pred - y) ** 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P('fsdp'), P('fsdp')),
         out_specs=(P(), specs))
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    loss = jax.lax.pmean(loss, 'fsdp')
    new_params = jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads)
    return loss, new_params


print(train_step.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
