"""Equinox MPNN with edges split across devices; the layers take their reduction axis from a
ParallelConfig while the mesh is built with its own axis name."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

from config import ModelConfig, ParallelConfig
from model import MPNN

pcfg, mcfg = ParallelConfig(), ModelConfig()
mesh = jax.make_mesh((pcfg.num_devices,), ("edge",), axis_types=(jax.sharding.AxisType.Auto,))
model = MPNN(mcfg, pcfg.edge_axis, jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


@eqx.filter_jit
def forward(params, h, senders, receivers, edge_attr):
    def local(params, h, s, r, e):
        return eqx.combine(params, static)(h, s, r, e)

    f = jax.shard_map(local, mesh=mesh, in_specs=(P(), P(), P("edge"), P("edge"), P("edge")),
                      out_specs=P())
    return f(params, h, senders, receivers, edge_attr)


h = jnp.zeros((20, mcfg.hidden))
senders = jnp.arange(64) % 20
receivers = (jnp.arange(64) * 7) % 20
edge_attr = jnp.ones((64,))
exp = jax.export.export(jax.jit(forward), platforms=["cuda"])(params, h, senders, receivers, edge_attr)
print("exported")
