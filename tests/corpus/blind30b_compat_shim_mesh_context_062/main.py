"""A ring all-reduce of gradients written against a compat layer (mylib/compat.py) that picks
jax.set_mesh or jax.sharding.use_mesh and the right shard_map spelling for the JAX installed."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.sharding import PartitionSpec as P

from mylib import compat

N = jax.device_count()
mesh = jax.make_mesh((N,), ('i',))


def ring_allreduce(x):
    perm = [(j, (j + 1) % N) for j in range(N)]
    acc = x
    buf = x
    for _ in range(N - 1):
        buf = jax.lax.ppermute(buf, 'i', perm)
        acc = acc + buf
    return acc


class Head(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(x)


head = Head()
params = head.init(jax.random.PRNGKey(0), jnp.ones((1, 5)))['params']


def grads_fn(params, x):
    g = jax.grad(lambda p: jnp.sum(head.apply({'params': p}, x) ** 2))(params)
    return jax.tree_util.tree_map(ring_allreduce, g)


with compat.mesh_context(mesh):
    step = jax.jit(compat.shard_map(grads_fn, mesh, in_specs=(P(), P('i')), out_specs=P(),
                                    check=False))
    lowered = step.trace(params, jnp.ones((8, 5))).lower(lowering_platforms=('cuda',))
print('ok')
