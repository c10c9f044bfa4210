import equinox as eqx
import jax
import jax.numpy as jnp
from jax import export
from jax.sharding import Mesh, PartitionSpec as P

from attention import SeqParallelAttention

mesh = Mesh(jax.devices(), axis_names=("seq",))
attn = SeqParallelAttention(16, "seq", key=jax.random.PRNGKey(0))
params, static = eqx.partition(attn, eqx.is_array)


def serve(params, x, use_global):
    model = eqx.combine(params, static)
    return model(x, use_global)


serve_sharded = jax.jit(
    jax.shard_map(serve, mesh=mesh, in_specs=(P(), P("seq"), P()), out_specs=P("seq"))
)

args = (
    jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), params),
    jax.ShapeDtypeStruct((32, 16), jnp.float32),
    jax.ShapeDtypeStruct((), jnp.bool_),
)
exported = export.export(serve_sharded, platforms=["cuda"])(*args)
print(exported.mlir_module()[:100])
