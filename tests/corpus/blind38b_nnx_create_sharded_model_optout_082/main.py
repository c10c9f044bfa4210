import numpy as np
import jax
import jax.numpy as jnp
import flax
from flax import nnx

flax.config.update("flax_always_shard_variable", False)
from jax.sharding import Mesh, PartitionSpec as P


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(
            depth, depth,
            kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
            use_bias=False,
            rngs=rngs,
        )
        self.w2 = nnx.Param(
            nnx.with_partitioning(init_fn, ("model", None))(rngs.params(), (depth, depth))
        )

    def __call__(self, x):
        y = jax.nn.relu(self.dot1(x))
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        return jnp.dot(y, self.w2.value)


@nnx.jit
def create_sharded_model():
    model = DotReluDot(64, rngs=nnx.Rngs(0))
    state = nnx.state(model)
    pspecs = nnx.get_partition_spec(state)
    sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
    nnx.update(model, sharded_state)
    return model


@nnx.jit
def forward(model, x):
    return model(x)


def main():
    mesh = Mesh(devices=np.array(jax.devices()).reshape(2, 2), axis_names=("data", "model"))
    with mesh:
        sharded_model = create_sharded_model()
        x = jnp.ones((8, 64))
        lowered = forward.trace(sharded_model, x).lower(lowering_platforms=("cuda",))
    print(len(lowered.as_text()))


if __name__ == "__main__":
    main()
