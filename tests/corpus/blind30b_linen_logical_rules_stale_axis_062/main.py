"""MaxText-style logical axis rules read from a config written for a ('data', 'tensor') mesh, while
the trainer builds its mesh as ('data', 'model')."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax.experimental import mesh_utils
from jax.sharding import Mesh

CONFIG = {
    'mesh_shape': (2, 2),
    'logical_axis_rules': [['batch', 'data'], ['mlp', 'tensor'], ['embed', None]],
}

mesh = Mesh(mesh_utils.create_device_mesh(CONFIG['mesh_shape']), ('data', 'model'))
rules = tuple(tuple(r) for r in CONFIG['logical_axis_rules'])


class FeedForward(nn.Module):
    d_ff: int = 512

    @nn.compact
    def __call__(self, x):
        h = nn.DenseGeneral(self.d_ff, use_bias=False,
                            kernel_init=nn.with_logical_partitioning(
                                nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
        h = nn.gelu(h)
        return nn.DenseGeneral(x.shape[-1], use_bias=False,
                               kernel_init=nn.with_logical_partitioning(
                                   nn.initializers.lecun_normal(), ('mlp', 'embed')))(h)


def create_state(rng, x):
    model = FeedForward()
    params = model.init(rng, x)['params']
    return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adamw(1e-3))


x = jnp.ones((16, 128))
with mesh, nn.logical_axis_rules(rules):
    abstract_state = jax.eval_shape(create_state, jax.random.PRNGKey(0), x)
    state_sharding = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract_state), mesh, rules)
    sharded_init = jax.jit(create_state, static_argnums=(), out_shardings=state_sharding)
    lowered = sharded_init.trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=('cuda',))
print("lowered")
