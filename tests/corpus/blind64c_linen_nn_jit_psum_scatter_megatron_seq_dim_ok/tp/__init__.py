from tp.layers import ReduceScatterProjection, TPAttentionOut
