"""The pre-0.12 Flax NNX sharded-init boilerplate, run on JAX 0.10's default mesh."""
import jax
import jax.numpy as jnp
from flax import nnx

mesh = jax.make_mesh((2, 2), ("data", "model"))


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs):
        self.up = nnx.Linear(
            din, dhidden,
            kernel_init=nnx.with_partitioning(nnx.initializers.xavier_uniform(), ("data", "model")),
            bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), ("model",)),
            rngs=rngs,
        )
        self.down = nnx.Linear(
            dhidden, dout,
            kernel_init=nnx.with_partitioning(nnx.initializers.xavier_uniform(), ("model", "data")),
            use_bias=False,
            rngs=rngs,
        )

    def __call__(self, x):
        return self.down(nnx.relu(self.up(x)))


@nnx.jit
def create_sharded_model():
    model = MLP(256, 1024, 256, rngs=nnx.Rngs(0))
    state = nnx.state(model)
    pspecs = nnx.get_partition_spec(state)
    sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
    nnx.update(model, sharded_state)
    return model


with jax.set_mesh(mesh):
    lowered = create_sharded_model.trace().lower(lowering_platforms=("cuda",))
print("init lowered")
