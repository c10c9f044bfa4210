import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


class Block(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.proj = nnx.Linear(
            dim, dim, use_bias=False, rngs=rngs,
            kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), ("model", None)),
        )

    def __call__(self, x):
        return nnx.gelu(self.proj(x))


@nnx.split_rngs(splits=3)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_blocks(rngs: nnx.Rngs):
    return Block(64, rngs=rngs)


blocks = create_blocks(nnx.Rngs(0))


@nnx.jit
def forward(blocks, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def step(block, x):
        return block(x)
    return step(blocks, x)


# activations split over 'model' on the same dim the kernel rows are split
x = jax.device_put(jnp.ones((8, 64)), P("data", "model"))
print(forward.trace(blocks, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
