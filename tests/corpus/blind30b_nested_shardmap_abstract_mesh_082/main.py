"""2D (data x model) step: outer shard_map manual over 'data' only; a tensor-parallel projection
inside opens a nested shard_map over 'model' on the context's abstract mesh."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ('data', 'model'))


def column_parallel(x, w):
    inner = jax.sharding.get_abstract_mesh()

    def body(x, w):
        return jax.nn.gelu(x @ w)

    return jax.shard_map(body, mesh=inner, in_specs=(P(), P(None, 'model')),
                         out_specs=P(None, 'model'), axis_names={'model'})(x, w)


def local_loss(x, w, y):
    h = column_parallel(x, w)
    return jax.lax.pmean(jnp.mean((h.sum(-1) - y) ** 2), 'data')


step = jax.jit(jax.shard_map(local_loss, mesh=mesh, in_specs=(P('data'), P(), P('data')),
                             out_specs=P(), axis_names=frozenset({'data'})))
with jax.set_mesh(mesh):
    lowered = step.trace(jnp.ones((8, 16)), jnp.ones((16, 64)), jnp.ones((8,))).lower(
        lowering_platforms=('cuda',))
print('ok')
