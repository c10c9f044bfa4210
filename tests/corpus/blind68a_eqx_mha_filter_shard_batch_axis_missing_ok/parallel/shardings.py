import jax
import equinox as eqx
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_SPEC = P("data")


def data_sharding(mesh):
    return NamedSharding(mesh, BATCH_SPEC)


def model_sharding(model, mesh):
    """Replicate everything, then split attention heads and the MLP hidden dim over 'model'."""
    rep = NamedSharding(mesh, P())
    col = NamedSharding(mesh, P("model", None))
    row = NamedSharding(mesh, P(None, "model"))
    shardings = jax.tree.map(lambda _: rep, eqx.filter(model, eqx.is_array))
    return eqx.tree_at(
        lambda m: (
            m.block.attn.query_proj.weight,
            m.block.attn.key_proj.weight,
            m.block.attn.value_proj.weight,
            m.block.attn.output_proj.weight,
            m.block.mlp.layers[0].weight,
            m.block.mlp.layers[1].weight,
        ),
        shardings,
        (col, col, col, row, col, row),
    )
