import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from mtx.layers import Decoder

RULES = (
    ("activation_batch", "data"),
    ("activation_length", None),
    ("activation_embed", None),
    ("activation_mlp", "tensor"),
    ("embed", None),
    ("mlp", "tensor"),
    ("heads", "tensor"),
    ("kv", None),
    ("vocab", "tensor"),
    ("layers", None),
)


def main():
    mesh = jax.make_mesh((2, 2), ("data", "tensor"), axis_types=(AxisType.Auto,) * 2)
    model = Decoder()
    tokens = jnp.zeros((4, 16), jnp.int32)
    rng = jax.random.key(0)
    with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
        abstract = jax.eval_shape(model.init, rng, tokens)
        logical = nn.get_partition_spec(abstract)
        param_shardings = nn.logical_to_mesh_sharding(logical, mesh, RULES)
        tok_sharding = NamedSharding(mesh, P("data", None))
        init = jax.jit(model.init, in_shardings=(None, tok_sharding), out_shardings=param_shardings)
        fwd = jax.jit(model.apply, in_shardings=(param_shardings, tok_sharding))
        l1 = init.trace(rng, tokens).lower(lowering_platforms=("cuda",))
        l2 = fwd.trace(abstract, tokens).lower(lowering_platforms=("cuda",))
    print("ok", l1.as_text().count("func.func") > 0, l2.as_text().count("func.func") > 0)


if __name__ == "__main__":
    main()
