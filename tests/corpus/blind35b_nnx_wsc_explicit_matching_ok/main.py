import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding
from flax import nnx

mesh = jax.make_mesh((2, 2), ("data", "model"))


class DotReluDot(nnx.Module):
    def __init__(self, depth: int, rngs: nnx.Rngs):
        init_fn = nnx.initializers.lecun_normal()
        self.dot1 = nnx.Linear(depth, depth, use_bias=False,
                               kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
                               rngs=rngs)
        self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=("model", None))

    def __call__(self, x):
        y = jax.nn.relu(self.dot1(x))
        y = jax.lax.with_sharding_constraint(y, P("data", "model"))
        return jnp.dot(y, self.w2[...], out_sharding=P("data", None))


@nnx.jit
def forward(model, x):
    return model(x)


with jax.set_mesh(mesh):
    model = DotReluDot(128, rngs=nnx.Rngs(0))
    x = jax.device_put(jnp.ones((16, 128)), NamedSharding(mesh, P("data", None)))
    txt = forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()
    print("ok", len(txt))
