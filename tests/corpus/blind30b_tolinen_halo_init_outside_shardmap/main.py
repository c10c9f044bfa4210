"""Sequence-parallel 1D convolution with a halo exchange (lax.ppermute left/right) inside the
deprecated-but-present jax.experimental.shard_map, on a mesh_utils Mesh; the conv layer is an NNX
module used from Linen through nnx.bridge.to_linen. The variables are initialised eagerly,
outside the shard_map, which runs the halo exchange too."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from flax import nnx
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

K = 3  # kernel width -> halo of 1 on each side
mesh = Mesh(mesh_utils.create_device_mesh((4,)), ('seq',))
n = mesh.shape['seq']


def exchange_halo(x, axis_name='seq'):
    left = jax.lax.ppermute(x[:, -1:], axis_name, [(i, (i + 1) % n) for i in range(n)])
    right = jax.lax.ppermute(x[:, :1], axis_name, [(i, (i - 1) % n) for i in range(n)])
    return jnp.concatenate([left, x, right], axis=1)


class Conv1D(nnx.Module):
    def __init__(self, ch, *, rngs):
        self.conv = nnx.Conv(ch, ch, kernel_size=(K,), padding='VALID', rngs=rngs)

    def __call__(self, x):
        return self.conv(exchange_halo(x))


class SeqModel(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nnx.bridge.to_linen(Conv1D, 8)(x)


model = SeqModel()
variables = model.init(jax.random.key(0), jnp.ones((2, 16, 8)))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P(None, 'seq')), out_specs=P(None, 'seq'),
         check_rep=False)
def apply(variables, x):
    return model.apply(variables, x)


print(apply.trace(variables, jnp.ones((2, 64, 8))).lower(lowering_platforms=('cuda',)) is not None)
