"""GPT-2's token table laid out over 'model' by its initializer's metadata, the state made under
jit with the shardings `nnx.get_named_sharding` reads from it: 50,257 rows do not split over 4."""
import flax
import jax
from flax import nnx
from jax.sharding import AxisType

flax.config.update("flax_always_shard_variable", False)


class Embedding(nnx.Module):
    def __init__(self, rngs):
        init = nnx.with_partitioning(nnx.initializers.normal(0.02), ("model", None))
        self.wte = nnx.Embed(50257, 128, embedding_init=init, rngs=rngs)


mesh = jax.make_mesh((1, 4), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
shardings = nnx.get_named_sharding(nnx.state(nnx.eval_shape(lambda: Embedding(nnx.Rngs(0)))), mesh)
make = jax.jit(lambda key: nnx.state(Embedding(nnx.Rngs(key))), out_shardings=shardings)
make.trace(jax.random.key(0)).lower(lowering_platforms=("cuda",))
