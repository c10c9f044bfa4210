import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(
            depth, depth,
            kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
            use_bias=False, rngs=rngs)
        self.w2 = nnx.Param(
            init_fn(rngs.params(), (depth, depth)),
            sharding=("model", None),
        )

    def __call__(self, x):
        y = nnx.relu(self.dot1(x))
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        return jnp.dot(y, self.w2[...])


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
    model = DotReluDot(64, rngs=nnx.Rngs(0))

    @nnx.jit
    def fwd(model, x):
        return model(x)

    x = jnp.ones((8, 64))
    lowered = jax.jit(fwd).trace(model, x).lower(lowering_platforms=("cuda",))
print("ok")
