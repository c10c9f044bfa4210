import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "batch")


class Block(eqx.Module):
    linear: eqx.nn.Linear
    norm: eqx.nn.BatchNorm

    def __init__(self, key):
        self.linear = eqx.nn.Linear(8, 8, key=key)
        self.norm = eqx.nn.BatchNorm(8, axis_name=AXES, mode="batch")

    def __call__(self, x, state):
        x, state = self.norm(self.linear(x), state)
        return jax.nn.relu(x), state


mesh = jax.make_mesh((4,), ("data",))
block, state = eqx.nn.make_with_state(Block)(jax.random.PRNGKey(0))


def local_forward(x, state):
    return jax.vmap(block, axis_name="batch", in_axes=(0, None), out_axes=(0, None))(x, state)


forward = jax.shard_map(local_forward, mesh=mesh, in_specs=(P("data"), P()), out_specs=(P("data"), P()))

x = jax.device_put(jnp.ones((32, 8)), NamedSharding(mesh, P("data")))
state = jax.device_put(state, NamedSharding(mesh, P()))
print(jax.jit(forward).trace(x, state).lower(lowering_platforms=("cuda",)).as_text()[:40])
