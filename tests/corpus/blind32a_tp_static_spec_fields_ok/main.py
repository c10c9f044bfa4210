"""Parameters that carry their own PartitionSpec as a static field; specs derived from the module."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Param(eqx.Module):
    value: jax.Array
    spec: P = eqx.field(static=True)


def is_param(x):
    return isinstance(x, Param)


class TPBlock(eqx.Module):
    w_in: Param
    b_in: Param
    w_out: Param
    b_out: Param
    axis: str = eqx.field(static=True)

    def __init__(self, dim, hidden, axis, key):
        k1, k2 = jax.random.split(key)
        self.w_in = Param(jax.random.normal(k1, (dim, hidden)) / dim**0.5, P(None, axis))
        self.b_in = Param(jnp.zeros((hidden,)), P(axis))
        self.w_out = Param(jax.random.normal(k2, (hidden, dim)) / hidden**0.5, P(axis, None))
        self.b_out = Param(jnp.zeros((dim,)), P())
        self.axis = axis

    def __call__(self, x):
        h = jax.nn.relu(x @ self.w_in.value + self.b_in.value)
        return jax.lax.psum(h @ self.w_out.value, self.axis) + self.b_out.value


mesh = Mesh(np.array(jax.devices()), ("tensor",))
block = TPBlock(64, 256, "tensor", jax.random.key(0))
block_specs = jax.tree.map(lambda p: p.spec, block, is_leaf=is_param)


@eqx.filter_jit
def apply(block, x):
    f = jax.shard_map(lambda b, x: b(x), mesh=mesh, in_specs=(block_specs, P()), out_specs=P())
    return f(block, x)


x = jnp.ones((16, 64))
lowered = jax.jit(apply).trace(block, x).lower(lowering_platforms=("cuda",))
print(lowered is not None)
