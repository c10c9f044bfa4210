import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, Mesh, PartitionSpec as P
import numpy as np

from models import TokenMLP, token_nll


def eval_loss(model, mesh):
    params, static = eqx.partition(model, eqx.is_array)
    params_spec = jax.tree.map(lambda _: P(), params)

    def local(params, tokens, targets):
        nll = token_nll(eqx.combine(params, static), tokens, targets)
        # average over the data-parallel replicas
        return jax.lax.pmean(nll.mean(), "dp")

    sharded = jax.shard_map(local, mesh=mesh,
                            in_specs=(params_spec, P("dp", "sp"), P("dp", "sp")),
                            out_specs=P())
    return jax.jit(sharded), params


if __name__ == "__main__":
    devices = np.array(jax.devices()).reshape(2, 2)
    mesh = Mesh(devices, ("dp", "sp"), axis_types=(AxisType.Auto, AxisType.Auto))
    loss_fn, params = eval_loss(TokenMLP(512, 64, key=jax.random.key(0)), mesh)
    tokens = jax.ShapeDtypeStruct((8, 256), jnp.int32)
    loss_fn.trace(params, tokens, tokens).lower(lowering_platforms=("cuda",))
