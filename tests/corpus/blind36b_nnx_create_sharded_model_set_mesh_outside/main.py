import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)


class MLP(nnx.Module):
    def __init__(self, din, dhidden, rngs):
        self.up = nnx.Linear(din, dhidden, kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, "model")), rngs=rngs)
        self.down = nnx.Linear(dhidden, din, kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("model", None)), rngs=rngs)

    def __call__(self, x):
        return self.down(nnx.relu(self.up(x)))


@nnx.jit
def create_sharded_model():
    model = MLP(64, 256, rngs=nnx.Rngs(0))
    state = nnx.state(model)
    pspecs = nnx.get_partition_spec(state)
    state = jax.lax.with_sharding_constraint(state, pspecs)
    nnx.update(model, state)
    return model


with jax.set_mesh(mesh):
    lowered = create_sharded_model.trace().lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
