import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec


class FeedForward(nnx.Module):
    def __init__(self, d, f, rngs: nnx.Rngs):
        self.wi = nnx.Linear(
            d, f, use_bias=False, rngs=rngs,
            kernel_init=nnx.with_partitioning(nnx.initializers.xavier_uniform(), ("data", "model")),
        )
        self.wo = nnx.Linear(
            f, d, use_bias=False, rngs=rngs,
            kernel_init=nnx.with_partitioning(nnx.initializers.xavier_uniform(), ("model", "data")),
        )

    def __call__(self, x):
        return self.wo(jax.nn.relu(self.wi(x)))


@nnx.jit
def create_sharded_model():
    model = FeedForward(64, 256, rngs=nnx.Rngs(0))
    state = nnx.state(model)
    pspecs = nnx.get_partition_spec(state)
    sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
    nnx.update(model, sharded_state)
    return model


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
with mesh:
    model = create_sharded_model()


@nnx.jit
def forward(model, x):
    return model(x)


x = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, PartitionSpec("data", None)))
print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
