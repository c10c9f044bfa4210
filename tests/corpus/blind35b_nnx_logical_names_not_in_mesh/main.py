import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


class FeedForward(nnx.Module):
    def __init__(self, d_model, d_ff, *, rngs):
        init = nnx.initializers.xavier_uniform()
        self.wi = nnx.Linear(d_model, d_ff, use_bias=False,
                             kernel_init=nnx.with_partitioning(init, ("embed", "mlp")), rngs=rngs)
        self.wo = nnx.Linear(d_ff, d_model, use_bias=False,
                             kernel_init=nnx.with_partitioning(init, ("mlp", "embed")), rngs=rngs)

    def __call__(self, x):
        return self.wo(nnx.gelu(self.wi(x)))


@nnx.jit
def forward(model, x):
    return model(x)


with jax.set_mesh(mesh):
    model = FeedForward(32, 128, rngs=nnx.Rngs(0))
    x = jax.device_put(jnp.ones((8, 32)), P("data", None))
    print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
