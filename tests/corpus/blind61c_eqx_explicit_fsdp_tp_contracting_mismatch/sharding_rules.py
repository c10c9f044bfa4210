"""FSDP over 'data' on the input dimension of every Linear weight, tensor parallelism over
'model' on the hidden (output) dimension of the up projection."""
import equinox as eqx
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def block_specs(params):
    specs = jax.tree.map(lambda _: P(), params)
    return eqx.tree_at(
        lambda s: (s.up.weight, s.down.weight),
        specs,
        (P("model", "data"), P(None, "data")),
    )


def abstract_params(params, mesh):
    return jax.tree.map(
        lambda a, spec: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=NamedSharding(mesh, spec)),
        params, block_specs(params))
