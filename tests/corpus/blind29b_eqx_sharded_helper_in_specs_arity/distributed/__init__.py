from .api import sharded, data_spec, replicated
