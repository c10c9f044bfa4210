import jax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


def build_mesh(dp, tp):
    return jax.make_mesh((dp, tp), ("data", "model"),
                         axis_types=(AxisType.Explicit, AxisType.Explicit))


def place(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), tree, specs)


PARAM_SPECS = {"w_in": P(None, "model"), "w_out": P("model", None)}
BATCH_SPEC = P("data", None)
