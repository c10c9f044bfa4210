import equinox as eqx
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def linear_specs(model, mesh):
    """Column-shard every Linear weight (out_features) over 'model', replicate the rest."""
    def spec(leaf):
        if eqx.is_array(leaf) and leaf.ndim == 2 and leaf.shape[0] % mesh.shape["model"] == 0:
            return NamedSharding(mesh, P("model", None))
        return NamedSharding(mesh, P())

    return jax.tree.map(spec, model)
