"""Flax Linen 'Scale up on multiple devices' guide: logical axis annotations resolved through
nn.logical_axis_rules into NamedShardings for a sharded init and a jit train step."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ('data', 'model'))
rules = (('batch', 'data'), ('hidden', 'model'), ('embed', None))


class DotReluDot(nn.Module):
    depth: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.depth, use_bias=False,
                     kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_normal(),
                                                              ('embed', 'hidden')))(x)
        y = nn.relu(y)
        y = nn.with_logical_constraint(y, ('batch', 'hidden'))
        W2 = self.param('W2', nn.with_logical_partitioning(nn.initializers.xavier_normal(),
                                                           ('hidden', 'embed')),
                        (self.depth, x.shape[-1]))
        return jnp.dot(y, W2)


model = DotReluDot(1024)
optimizer = optax.adam(1e-3)
x = jnp.ones((8, 256))


def init_fn(k, x, model, optimizer):
    variables = model.init(k, x)
    return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                         tx=optimizer)


with mesh, nn.logical_axis_rules(rules):
    abstract = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer),
                              jax.random.key(0), x)
    logical_spec = nn.get_partition_spec(abstract)
    state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, rules)
    x_sharding = NamedSharding(mesh, P('data', None))

    @functools.partial(jax.jit, in_shardings=(state_sharding, x_sharding),
                       out_shardings=state_sharding, donate_argnums=0)
    def train_step(state, x):
        def loss_fn(params):
            return jnp.mean(state.apply_fn({'params': params}, x) ** 2)
        grads = jax.grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads)

    lowered = train_step.trace(abstract, x).lower(lowering_platforms=('cuda',))
print("lowered")
