import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
from flax import nnx
import numpy as np


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


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

with mesh:  # pre-0.12 guide style
    model = DotReluDot(64, rngs=nnx.Rngs(0))

    @nnx.jit
    def fwd(model, x):
        return model(x)

    x = jnp.ones((8, 64))
    lowered = jax.jit(fwd).trace(model, x).lower(lowering_platforms=("cuda",))
print("ok")
