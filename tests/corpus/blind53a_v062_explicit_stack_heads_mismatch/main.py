import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))

B, D, V = 8, 32, 64


def heads(params, feats):
    main_logits = feats @ params["head_main"]
    aux_logits = feats @ params["head_aux"]
    return jax.nn.logsumexp(jnp.stack([main_logits, aux_logits], axis=0), axis=0)


with jax.sharding.use_mesh(mesh):
    params = {
        "head_main": jax.ShapeDtypeStruct((D, V), jnp.float32, sharding=NamedSharding(mesh, P(None, "model"))),
        "head_aux": jax.ShapeDtypeStruct((D, V), jnp.float32, sharding=NamedSharding(mesh, P(None, None))),
    }
    feats = jax.ShapeDtypeStruct((B, D), jnp.float32, sharding=NamedSharding(mesh, P("data", None)))
    print(jax.jit(heads).trace(params, feats).lower(lowering_platforms=("cuda",)).as_text()[:40])
