import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(16, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


mesh = Mesh(np.array(jax.devices()), ("data",))
model = MLP(nnx.Rngs(0))
graphdef, state = nnx.split(model)


def loss_fn(state, x, y):
    model = nnx.merge(graphdef, state)
    loss = jnp.mean((model(x) - y) ** 2)
    return lax.pmean(loss, "data")


step = jax.jit(
    jax.shard_map(
        jax.value_and_grad(loss_fn),
        mesh=mesh,
        in_specs=(P(), P("data"), P("data")),
        out_specs=(P(), P()),
    )
)
step.trace(state, jnp.ones((32, 16)), jnp.ones((32, 1))).lower(lowering_platforms=("cuda",))
