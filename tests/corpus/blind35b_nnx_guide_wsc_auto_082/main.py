import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec
from flax import nnx

mesh = jax.make_mesh((2, 2), ("data", "model"))


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(
            depth, depth,
            kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
            use_bias=False, rngs=rngs)
        self.w2 = nnx.Param(
            init_fn(rngs.params(), (depth, depth)),
            sharding=("model", None))

    def __call__(self, x: jax.Array):
        y = self.dot1(x)
        y = jax.nn.relu(y)
        y = jax.lax.with_sharding_constraint(y, PartitionSpec("data", "model"))
        z = jnp.dot(y, self.w2.value)
        return z


@nnx.jit
def forward(model, x):
    return model(x)


with jax.set_mesh(mesh):
    model = DotReluDot(128, rngs=nnx.Rngs(0))
    x = jnp.ones((16, 128))
    print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
