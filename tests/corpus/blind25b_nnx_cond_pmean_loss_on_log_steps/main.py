import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

LOG_EVERY = 10


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.fc1 = nnx.Linear(8, 32, rngs=rngs)
        self.fc2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def eval_loss(model, x, y, step):
    loss = jnp.mean((model(x) - y) ** 2)
    # only pay for the cross-replica reduction on logging steps
    loss = nnx.cond(step % LOG_EVERY == 0,
                    lambda l: lax.pmean(l, "dp"),
                    lambda l: l,
                    loss)
    return loss[None]


mesh = jax.make_mesh((4,), ("dp",), axis_types=(AxisType.Auto,))
model = Regressor(nnx.Rngs(0))
fn = nnx.shard_map(eval_loss, mesh=mesh, in_specs=(P(), P("dp"), P("dp"), P()), out_specs=P("dp"))
lowered = jax.jit(fn).trace(model, jnp.ones((16, 8)), jnp.ones((16, 1)), jnp.int32(0)).lower(
    lowering_platforms=("cuda",))
print("ok")
