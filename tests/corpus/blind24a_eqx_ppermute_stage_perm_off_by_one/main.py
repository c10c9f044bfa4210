import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax as L
from jax.sharding import Mesh, PartitionSpec as P

n_stages = 4
n_micro = 6
mesh = Mesh(np.array(jax.devices()), ("stage",))

layers = eqx.filter_vmap(lambda k: eqx.nn.Linear(64, 64, key=k))(
    jax.random.split(jax.random.PRNGKey(0), n_stages))
arrays, static = eqx.partition(layers, eqx.is_array)


def spmd_pipeline(arrays, inputs):
    layer = eqx.combine(jax.tree.map(lambda a: a[0], arrays), static)
    stage = L.axis_index("stage")
    perm = [(i, i + 1) for i in range(n_stages)]

    def step(carry, t):
        state, outputs = carry
        state = jnp.where(stage == 0, inputs[t % n_micro], state)
        state = jnp.tanh(eqx.filter_vmap(layer)(state))
        outputs = outputs.at[t % n_micro].set(state)
        return (L.ppermute(state, "stage", perm), outputs), None

    init = (jnp.zeros_like(inputs[0]), jnp.zeros_like(inputs))
    (_, outputs), _ = L.scan(step, init, jnp.arange(n_micro + n_stages - 1))
    return outputs[None]


pipeline = jax.shard_map(spmd_pipeline, mesh=mesh, in_specs=(P("stage"), P()),
                         out_specs=P("stage"), check_vma=False)


@eqx.filter_jit
def predict(arrays, inputs):
    return pipeline(arrays, inputs)[-1]


inputs = jnp.ones((n_micro, 8, 64))
print(jax.jit(predict).trace(arrays, inputs).lower(lowering_platforms=("cuda",)).as_text()[:20])
