"""TP MLP block with nnx.with_partitioning, written against JAX 0.6 (jax.sharding.use_mesh)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("fsdp", "tp"), axis_types=(AxisType.Auto,) * 2)


class MlpBlock(nnx.Module):
    def __init__(self, d_model, d_ff, *, rngs):
        init = nnx.initializers.xavier_uniform()
        self.wi = nnx.Linear(d_model, d_ff, use_bias=False,
                             kernel_init=nnx.with_partitioning(init, ("fsdp", "tp")), rngs=rngs)
        self.wo = nnx.Linear(d_ff, d_model, use_bias=False,
                             kernel_init=nnx.with_partitioning(init, ("tp", "fsdp")), rngs=rngs)

    def __call__(self, x):
        h = nnx.silu(self.wi(x))
        h = jax.lax.with_sharding_constraint(h, P("fsdp", "tp"))
        return self.wo(h)


with jax.sharding.use_mesh(mesh):
    block = MlpBlock(64, 256, rngs=nnx.Rngs(0))


@nnx.jit
def forward(block, x):
    return block(x)


x = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("fsdp")))
with jax.sharding.use_mesh(mesh):
    print(forward.trace(block, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
