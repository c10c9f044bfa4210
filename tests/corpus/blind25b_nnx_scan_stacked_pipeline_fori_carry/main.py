import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P
from flax import nnx

NUM_STAGES = 4


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(32, 32, rngs=rngs)
        self.norm = nnx.LayerNorm(32, rngs=rngs)

    def __call__(self, x):
        return x + nnx.gelu(self.linear(self.norm(x)))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_blocks(rngs: nnx.Rngs):
    return Block(rngs)


blocks = create_blocks(nnx.Rngs(0))
graphdef, params = nnx.split(blocks)
mesh = jax.make_mesh((NUM_STAGES,), ("stage",))


def stage_forward(params, x):
    stage = nnx.merge(graphdef, params)

    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def apply_local(block, h):
        return block(h)

    perm = [(i, (i + 1) % NUM_STAGES) for i in range(NUM_STAGES)]

    def body(i, carry):
        stage, h = carry
        h = apply_local(stage, h)
        return stage, lax.ppermute(h, "stage", perm)

    _, out = nnx.fori_loop(0, NUM_STAGES, body, (stage, x))
    return out


pipeline = jax.shard_map(stage_forward, mesh=mesh,
                         in_specs=(P("stage"), P()), out_specs=P("stage"))

x = jnp.ones((8, 32))
lowered = jax.jit(pipeline).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
