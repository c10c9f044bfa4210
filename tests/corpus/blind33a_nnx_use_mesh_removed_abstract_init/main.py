import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

mesh = jax.make_mesh((1, 4), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.emb = nnx.Embed(1024, 64, rngs=rngs,
                             embedding_init=nnx.with_partitioning(nnx.initializers.normal(), ("model", None)))
        self.out = nnx.Linear(64, 64, rngs=rngs,
                              kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, "model")))

    def __call__(self, ids):
        return self.out(self.emb(ids))


def init_fn():
    return Encoder(nnx.Rngs(0))


with jax.sharding.use_mesh(mesh):
    graphdef, abs_state = nnx.get_abstract_model(init_fn, mesh)


@jax.jit
def encode(state, ids):
    return nnx.merge(graphdef, state)(ids)


ids = jax.ShapeDtypeStruct((4, 16), jnp.int32)
print(encode.trace(abs_state, ids).lower(lowering_platforms=("cuda",)).as_text()[:20])
