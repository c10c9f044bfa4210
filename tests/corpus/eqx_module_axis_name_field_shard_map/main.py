"""A row-parallel Equinox layer whose axis name is a static eqx.field; applied under
jax.shard_map over "tp" with the weight and input features sharded."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ("tp",))


class RowParallelLinear(eqx.Module):
    weight: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, din, dout, axis_name, key):
        self.weight = jr.normal(key, (din, dout)) * 0.02
        self.axis_name = axis_name

    def __call__(self, x):
        return jax.lax.psum(x @ self.weight, self.axis_name)


layer = RowParallelLinear(64, 32, "tp", jr.PRNGKey(0))


@eqx.filter_jit
def forward(layer, x):
    return jax.shard_map(lambda l, x: l(x), mesh=mesh, in_specs=(P("tp"), P(None, "tp")),
                         out_specs=P())(layer, x)


forward.lower(layer, jnp.ones((8, 64)))
