import jax
import jax.numpy as jnp

from t5lite.model import MlpLM
from t5lite.partitioning import Partitioner, standard_logical_axis_rules

# Rules copied from a gin config written for a ('data', 'mdl') mesh.
rules = standard_logical_axis_rules(model_axis='mdl')
partitioner = Partitioner(num_partitions=2, logical_axis_rules=rules)

model = MlpLM()
tokens = jnp.zeros((8, 16), jnp.int32)
abstract = jax.eval_shape(model.init, jax.random.PRNGKey(0), tokens)
var_shardings = partitioner.get_shardings(abstract)
p_init = partitioner.partition(model.init, None, var_shardings)
lowered = p_init.trace(jax.random.PRNGKey(0), tokens).lower(lowering_platforms=('tpu',))
print(lowered.as_text()[:10])
