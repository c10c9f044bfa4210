import jax
import jax.numpy as jnp
from flax import nnx
from jax import export
from jax.sharding import Mesh, PartitionSpec as P

from head import VocabParallelHead

mesh = Mesh(jax.devices(), axis_names=('vocab',))
head = VocabParallelHead(1024, 64, vocab_axis='vocab', rngs=nnx.Rngs(0))
graphdef, params = nnx.split(head)
param_specs = jax.tree.map(lambda _: P('vocab', None), params)


def sample_step(params, h):
  return nnx.merge(graphdef, params).greedy_next_token(h)


sample_step = jax.shard_map(sample_step, mesh=mesh, in_specs=(param_specs, P()),
                            out_specs=P())

abstract_params = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), params)
exported = export.export(jax.jit(sample_step), platforms=['cuda'])(
    abstract_params, jax.ShapeDtypeStruct((2, 64), jnp.float32))
print(exported.in_shardings_hlo)
