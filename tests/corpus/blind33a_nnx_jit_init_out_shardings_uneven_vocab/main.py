import flax
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

# build unsharded, shard through jit's out_shardings (pre-FLIP-4844 workflow)
flax.config.update("flax_always_shard_variable", False)

VOCAB = 50257  # GPT-2 tokenizer


class GPTHead(nnx.Module):
    def __init__(self, rngs):
        self.wte = nnx.Embed(VOCAB, 128, rngs=rngs,
                             embedding_init=nnx.with_partitioning(nnx.initializers.normal(0.02), ("model", None)))
        self.ln_f = nnx.LayerNorm(128, rngs=rngs)

    def __call__(self, ids):
        return self.wte.attend(self.ln_f(self.wte(ids)))


mesh = jax.make_mesh((1, 4), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
abstract = nnx.eval_shape(lambda: GPTHead(nnx.Rngs(0)))
graphdef, abs_state = nnx.split(abstract)
shardings = nnx.get_named_sharding(abs_state, mesh)


def init_state(key):
    return nnx.state(GPTHead(nnx.Rngs(key)))


init_state = jax.jit(init_state, out_shardings=shardings)
print(init_state.trace(jax.random.key(0)).lower(lowering_platforms=("cuda",)).as_text()[:20])
