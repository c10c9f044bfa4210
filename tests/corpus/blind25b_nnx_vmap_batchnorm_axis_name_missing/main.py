import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(16, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, axis_name="shards", rngs=rngs)
        self.out = nnx.Linear(32, 4, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.bn(self.lin(x))))


model = Net(nnx.Rngs(0))
state_axes = nnx.StateAxes({nnx.BatchStat: None, nnx.Param: None, ...: None})


# split the per-step batch into 4 "virtual shards" and sync BN stats across them
@nnx.vmap(in_axes=(state_axes, 0), out_axes=0)
def forward(model, xs):
    return model(xs)


@nnx.jit
def step(model, x):
    return forward(model, x.reshape(4, -1, 16)).reshape(-1, 4)


x = jnp.ones((32, 16))
print(jax.jit(step).trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
